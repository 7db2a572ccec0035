import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import type { ApiKeySummary, CreatedApiKey } from "../../../shared/integration";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "../../components/ui/alert-dialog";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { apiRequest, messageOf } from "../../lib/api";
import { toast } from "../../lib/toast-store";
import { toastFailure, useGoToPlans } from "../billing/plan-required";
import { formatWhen, IntegrationSection, ShownOnce } from "./section";

const API_KEYS_QUERY_KEY = ["/api/integration/keys"] as const;

export function ApiKeysSection() {
  const queryClient = useQueryClient();
  const goToPlans = useGoToPlans();
  const keys = useQuery<ApiKeySummary[]>({ queryKey: API_KEYS_QUERY_KEY });
  const [name, setName] = useState("");
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const nameId = useId();
  const create = useMutation({
    mutationFn: (keyName: string) =>
      apiRequest<CreatedApiKey>("POST", "/api/integration/keys", { name: keyName }),
    onSuccess: (key) => {
      setCreated(key);
      setName("");
    },
    onError: (error) =>
      toastFailure(
        { title: "The key could not be created", description: messageOf(error, "Please try again.") },
        error,
        goToPlans,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY }),
  });
  const revoke = useMutation({
    mutationFn: (id: string) => apiRequest("DELETE", `/api/integration/keys/${id}`),
    onSuccess: () => toast({ title: "Key revoked" }),
    onError: (error) =>
      toast({ title: messageOf(error, "The key could not be revoked"), variant: "destructive" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(name);
  };

  return (
    <IntegrationSection
      id="api-keys"
      title="API keys"
      description={
        <>
          A key lets your case system or a script create programs and fetch PDFs for this account. Send it in
          the header <code className="font-mono text-sm">Authorization: Bearer &lt;key&gt;</code>.
        </>
      }
    >
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1 space-y-2">
          <Label htmlFor={nameId}>Key name</Label>
          <Input
            id={nameId}
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="e.g. Passare sync"
            maxLength={100}
            required
          />
        </div>
        <Button type="submit" disabled={create.isPending}>
          <KeyRound aria-hidden="true" />
          Create key
        </Button>
      </form>
      {created && (
        <ShownOnce
          label={`Your new key "${created.name}"`}
          value={created.key}
          note="Copy it now and keep it secret: Keepsake stores only a fingerprint and cannot show it again."
        />
      )}
      {keys.data && keys.data.length > 0 ? (
        <ul className="divide-y rounded-md border">
          {keys.data.map((key) => (
            <li
              key={key.id}
              className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0 text-sm">
                <p className="font-medium">
                  {key.name}{" "}
                  {key.revokedAt && (
                    <Badge variant="secondary" className="ml-1">
                      Revoked
                    </Badge>
                  )}
                </p>
                <p className="text-muted-foreground">
                  <code className="font-mono">{key.prefix}…</code> · created {formatWhen(key.createdAt)} ·
                  last used {formatWhen(key.lastUsedAt)}
                </p>
              </div>
              {!key.revokedAt && (
                <RevokeKeyButton
                  name={key.name}
                  disabled={revoke.isPending}
                  onRevoke={() => revoke.mutate(key.id)}
                />
              )}
            </li>
          ))}
        </ul>
      ) : (
        keys.data && <p className="text-sm text-muted-foreground">No keys yet.</p>
      )}
    </IntegrationSection>
  );
}

/** Revoking stops every system using the key at once, so it asks first. */
function RevokeKeyButton({
  name,
  disabled,
  onRevoke,
}: {
  name: string;
  disabled: boolean;
  onRevoke: () => void;
}) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          className="text-destructive"
          aria-label={`Revoke ${name}`}
          disabled={disabled}
        >
          Revoke
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Revoke the key "{name}"?</AlertDialogTitle>
          <AlertDialogDescription>
            Anything still using it is refused from now on. This cannot be undone; you can create a new key.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep It</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={onRevoke}>
            Revoke Key
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
