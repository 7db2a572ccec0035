import * as Tabs from "@radix-ui/react-tabs";
import { Plus } from "lucide-react";
import { useState } from "react";
import { BATCH_TEMPLATES, type BatchTemplate } from "../../../shared/constants";
import { toProgramInput } from "../../../shared/service-draft";
import { Button } from "../../components/ui/button";
import { apiRequest, messageOf } from "../../lib/api";
import { toast } from "../../lib/toast-store";
import { CsvImport } from "./csv-import";
import { type GeneratedProgram, GeneratePanel } from "./generate-panel";
import { ServiceCard } from "./service-card";
import { TemplatePicker } from "./template-picker";
import { useBatchServices } from "./use-batch-services";

const DEFAULT_TEMPLATE = BATCH_TEMPLATES[0] as BatchTemplate;

const tabTriggerClass =
  "rounded-md px-4 py-2 text-sm font-medium text-muted-foreground transition-colors data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

/** /batch-generator: several programs at once for a funeral home (spec sections 2 and 4). */
export function BatchGeneratorPage() {
  const batch = useBatchServices();
  const { services } = batch;
  const [template, setTemplate] = useState<BatchTemplate>(DEFAULT_TEMPLATE);
  const [appliedMessage, setAppliedMessage] = useState("");
  const [generating, setGenerating] = useState(false);
  const [generated, setGenerated] = useState<GeneratedProgram[]>([]);

  const applyTemplate = () => {
    batch.applyTemplateToAll(template);
    setAppliedMessage(
      `${template.name} applied to ${services.length} service${services.length === 1 ? "" : "s"}.`,
    );
  };

  const generate = async () => {
    if (services.length === 0) {
      toast({ title: "No Services", description: "Please add at least one service to generate programs" });
      return;
    }
    setGenerating(true);
    try {
      const created = await apiRequest<GeneratedProgram[]>(
        "POST",
        "/api/programs/batch",
        services.map(({ id: _clientId, ...draft }) => toProgramInput(draft)),
      );
      setGenerated(created);
      toast({
        title: "Programs Generated Successfully",
        description: `Created ${created.length} memorial programs`,
      });
    } catch (error) {
      toast({
        title: "Generation Failed",
        description: messageOf(error, "Failed to generate programs"),
        variant: "destructive",
      });
    } finally {
      setGenerating(false);
    }
  };

  return (
    <div className="min-h-screen bg-muted/30">
      <header className="border-b bg-background">
        <nav
          aria-label="Batch generator"
          className="mx-auto flex max-w-6xl flex-wrap items-center gap-4 px-6 py-4"
        >
          <a href="/" className="font-serif text-xl font-semibold">
            Keepsake
          </a>
          <span className="flex-1" />
          <a href="/programs" className="text-sm font-medium hover:underline">
            My Programs
          </a>
          <a href="/program-builder" className="text-sm font-medium hover:underline">
            Single Program
          </a>
        </nav>
      </header>
      <main className="mx-auto grid max-w-6xl gap-6 px-6 py-8">
        <div>
          <h1 className="font-serif text-3xl font-semibold">Batch Program Generator</h1>
          <p className="mt-1 text-muted-foreground">
            Create programs for several services at once: add each service, choose a template, then generate.
          </p>
        </div>
        <Tabs.Root defaultValue="setup" className="grid gap-6">
          <Tabs.List aria-label="Batch steps" className="inline-flex w-fit gap-1 rounded-lg bg-muted p-1">
            <Tabs.Trigger value="setup" className={tabTriggerClass}>
              Setup Services
            </Tabs.Trigger>
            <Tabs.Trigger value="template" className={tabTriggerClass}>
              Apply Template
            </Tabs.Trigger>
            <Tabs.Trigger value="generate" className={tabTriggerClass}>
              Generate Programs
            </Tabs.Trigger>
          </Tabs.List>

          <Tabs.Content value="setup" className="grid gap-4 focus-visible:outline-none">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 className="font-serif text-2xl font-semibold">Service Details</h2>
              <div className="flex flex-wrap items-start gap-2">
                <CsvImport onImport={batch.addServices} />
                <Button onClick={batch.addService}>
                  <Plus aria-hidden />
                  Add Service
                </Button>
              </div>
            </div>
            {services.length === 0 ? (
              <div className="grid justify-items-center gap-3 rounded-lg border border-dashed bg-background p-10 text-center">
                <p className="font-serif text-xl">No Services Added</p>
                <p className="text-muted-foreground">
                  Add a service for each program, or import a spreadsheet.
                </p>
                <Button variant="outline" onClick={batch.addService}>
                  Add First Service
                </Button>
              </div>
            ) : (
              services.map((service, i) => (
                <ServiceCard
                  key={service.id}
                  service={service}
                  number={i + 1}
                  onUpdate={(field, value) => batch.updateService(service.id, field, value)}
                  onDuplicate={() => batch.duplicateService(service.id)}
                  onRemove={() => batch.removeService(service.id)}
                />
              ))
            )}
          </Tabs.Content>

          <Tabs.Content value="template" className="focus-visible:outline-none">
            <TemplatePicker
              selectedId={template.id}
              onSelect={(next) => {
                setTemplate(next);
                setAppliedMessage("");
              }}
              serviceCount={services.length}
              onApplyToAll={applyTemplate}
              appliedMessage={appliedMessage}
            />
          </Tabs.Content>

          <Tabs.Content value="generate" className="focus-visible:outline-none">
            <GeneratePanel
              services={services}
              template={template}
              generating={generating}
              onGenerate={generate}
              generated={generated}
            />
          </Tabs.Content>
        </Tabs.Root>
      </main>
    </div>
  );
}
