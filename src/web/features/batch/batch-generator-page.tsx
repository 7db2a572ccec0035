import { Link } from "@tanstack/react-router";
import { FileText, Home, Plus } from "lucide-react";
import { useState } from "react";
import { BATCH_TEMPLATES, type BatchTemplate } from "../../../shared/constants";
import { toProgramInput } from "../../../shared/service-draft";
import { AppHeader } from "../../components/layout/app-header";
import { Button } from "../../components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { apiRequest, messageOf } from "../../lib/api";
import { useEntitlements } from "../../lib/entitlements";
import { toast } from "../../lib/toast-store";
import { PlanRequiredNotice, toastFailure, useGoToPlans } from "../billing/plan-required";
import { useBatchDownload } from "./batch-download";
import { CsvImportButton, CsvImportProblems, useCsvImport } from "./csv-import";
import { type GeneratedProgram, GeneratePanel } from "./generate-panel";
import { ServiceCard } from "./service-card";
import { TemplatePicker } from "./template-picker";
import { useBatchServices } from "./use-batch-services";

const DEFAULT_TEMPLATE = BATCH_TEMPLATES[0] as BatchTemplate;

/** /batch-generator: several programs at once for a funeral home. */
export function BatchGeneratorPage() {
  const batch = useBatchServices();
  const { services } = batch;
  const [template, setTemplate] = useState<BatchTemplate>(DEFAULT_TEMPLATE);
  const [appliedMessage, setAppliedMessage] = useState("");
  const [generating, setGenerating] = useState(false);
  const [generated, setGenerated] = useState<GeneratedProgram[]>([]);
  const csvImport = useCsvImport(batch.addServices);
  const batchDownload = useBatchDownload();
  const goToPlans = useGoToPlans();
  const batchPlan = useEntitlements().lockedPlan("batch");

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
      toastFailure(
        { title: "Generation Failed", description: messageOf(error, "Failed to generate programs") },
        error,
        goToPlans,
      );
    } finally {
      setGenerating(false);
    }
  };

  return (
    <div className="flex min-h-screen flex-col">
      <AppHeader />
      <main className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-6 px-4 py-10 sm:px-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1 className="text-3xl font-medium text-primary sm:text-4xl">Batch Program Generator</h1>
            <p className="mt-2 text-muted-foreground">
              Programs for several services at once: add each service, choose a template, then generate.
            </p>
          </div>
          <nav aria-label="Other pages" className="flex flex-wrap gap-2 sm:shrink-0">
            <Button asChild variant="outline">
              <Link to="/">
                <Home aria-hidden="true" />
                Home
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/programs">My Programs</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/program-builder">
                <FileText aria-hidden="true" />
                Single Program
              </Link>
            </Button>
          </nav>
        </div>
        {batchPlan && (
          <PlanRequiredNotice
            plan={batchPlan}
            text={`Batch generation is part of the ${batchPlan} plan. You can set up services here; generating them needs ${batchPlan}.`}
          />
        )}
        <Tabs defaultValue="setup">
          <TabsList aria-label="Batch steps">
            <TabsTrigger value="setup">Setup Services</TabsTrigger>
            <TabsTrigger value="template">Apply Template</TabsTrigger>
            <TabsTrigger value="generate">Generate Programs</TabsTrigger>
          </TabsList>

          <TabsContent value="setup" className="grid gap-4">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 className="text-2xl font-medium text-primary">Service Details</h2>
              <div className="flex flex-wrap items-start gap-2">
                <CsvImportButton onFile={csvImport.importFile} />
                <Button onClick={batch.addService}>
                  <Plus aria-hidden />
                  Add Service
                </Button>
              </div>
            </div>
            {csvImport.failure && <CsvImportProblems failure={csvImport.failure} />}
            {services.length === 0 ? (
              <div className="grid justify-items-center gap-3 rounded-lg border border-dashed bg-card p-10 text-center">
                <p className="text-2xl text-primary">No Services Added</p>
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
          </TabsContent>

          <TabsContent value="template">
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
          </TabsContent>

          <TabsContent value="generate">
            <GeneratePanel
              services={services}
              template={template}
              generating={generating}
              onGenerate={generate}
              generated={generated}
              batchDownload={batchDownload}
            />
          </TabsContent>
        </Tabs>
      </main>
    </div>
  );
}
