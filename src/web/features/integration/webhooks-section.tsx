import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Webhook } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import type { WebhookDelivery, WebhookEndpoint } from "../../../shared/integration";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { apiRequest, messageOf } from "../../lib/api";
import { toast } from "../../lib/toast-store";
import { toastFailure, useGoToPlans } from "../billing/plan-required";
import { formatWhen, IntegrationSection, ScrollingTable, ShownOnce } from "./section";

const ENDPOINTS_QUERY_KEY = ["/api/integration/webhooks"] as const;
const DELIVERIES_QUERY_KEY = ["/api/integration/webhooks/deliveries"] as const;
// Deliveries happen in the background: the log refreshes itself while the page is open.
const LOG_REFRESH_MS = 3000;

export function WebhooksSection() {
  const queryClient = useQueryClient();
  const goToPlans = useGoToPlans();
  const endpoints = useQuery<WebhookEndpoint[]>({ queryKey: ENDPOINTS_QUERY_KEY });
  const [url, setUrl] = useState("");
  const [created, setCreated] = useState<(WebhookEndpoint & { secret: string }) | null>(null);
  const urlId = useId();
  const add = useMutation({
    mutationFn: (endpointUrl: string) =>
      apiRequest<WebhookEndpoint & { secret: string }>("POST", "/api/integration/webhooks", {
        url: endpointUrl,
      }),
    onSuccess: (endpoint) => {
      setCreated(endpoint);
      setUrl("");
    },
    onError: (error) =>
      toastFailure(
        { title: "The endpoint could not be added", description: messageOf(error, "Please try again.") },
        error,
        goToPlans,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ENDPOINTS_QUERY_KEY }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiRequest("DELETE", `/api/integration/webhooks/${id}`),
    onSuccess: () => toast({ title: "Endpoint removed" }),
    onError: (error) =>
      toast({ title: messageOf(error, "The endpoint could not be removed"), variant: "destructive" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ENDPOINTS_QUERY_KEY }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(url);
  };

  return (
    <IntegrationSection
      id="webhooks"
      title="Webhooks"
      description={
        <>
          Keepsake tells your system when a program is created or updated and when a PDF is ready, with a POST
          to your HTTPS endpoint signed in the <code className="font-mono text-sm">Keepsake-Signature</code>{" "}
          header.
        </>
      }
    >
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1 space-y-2">
          <Label htmlFor={urlId}>Endpoint URL</Label>
          <Input
            id={urlId}
            type="url"
            inputMode="url"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://cases.example.com/keepsake-events"
            required
          />
        </div>
        <Button type="submit" disabled={add.isPending}>
          <Webhook aria-hidden="true" />
          Add endpoint
        </Button>
      </form>
      {created && (
        <ShownOnce
          label={`Signing secret for ${created.url}`}
          value={created.secret}
          note="Your endpoint checks each delivery with it: HMAC-SHA256 of the header's t, a dot and the raw body must equal v1. It is shown only now."
        />
      )}
      {endpoints.data && endpoints.data.length > 0 && (
        <ul className="divide-y rounded-md border">
          {endpoints.data.map((endpoint) => (
            <li
              key={endpoint.id}
              className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <p className="min-w-0 break-all font-mono text-sm">{endpoint.url}</p>
              <Button
                variant="outline"
                size="sm"
                className="text-destructive"
                aria-label={`Remove ${endpoint.url}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate(endpoint.id)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <DeliveryLog />
    </IntegrationSection>
  );
}

const STATUS_BADGE = {
  delivered: { label: "Delivered", variant: "default" },
  pending: { label: "Retrying", variant: "secondary" },
  failed: { label: "Failed", variant: "destructive" },
} as const;

function DeliveryLog() {
  const deliveries = useQuery<WebhookDelivery[]>({
    queryKey: DELIVERIES_QUERY_KEY,
    refetchInterval: LOG_REFRESH_MS,
    staleTime: 0,
  });
  if (!deliveries.data) return null;
  return (
    <ScrollingTable label="Delivery log">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="p-3 text-left font-medium">Delivery log</caption>
        <thead className="bg-muted/50">
          <tr>
            <th scope="col" className="p-2">
              Event
            </th>
            <th scope="col" className="p-2">
              Status
            </th>
            <th scope="col" className="p-2">
              Attempts
            </th>
            <th scope="col" className="p-2">
              Result
            </th>
            <th scope="col" className="p-2">
              When
            </th>
          </tr>
        </thead>
        <tbody>
          {deliveries.data.length === 0 ? (
            <tr className="border-t">
              <td colSpan={5} className="p-3 text-muted-foreground">
                No deliveries yet.
              </td>
            </tr>
          ) : (
            deliveries.data.map((d) => (
              <tr key={d.id} className="border-t align-top">
                <td className="p-2 font-mono">{d.event}</td>
                <td className="p-2">
                  <Badge variant={STATUS_BADGE[d.status].variant}>{STATUS_BADGE[d.status].label}</Badge>
                </td>
                <td className="p-2">{d.attempts}</td>
                <td className="p-2">
                  {d.lastResponseStatus ? `HTTP ${d.lastResponseStatus}` : (d.lastError ?? "Waiting")}
                  <span className="block text-xs text-muted-foreground">{d.endpointUrl}</span>
                </td>
                <td className="p-2 whitespace-nowrap">{formatWhen(d.createdAt)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </ScrollingTable>
  );
}
