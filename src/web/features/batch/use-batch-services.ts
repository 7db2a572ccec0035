import { useState } from "react";
import type { BatchTemplate } from "../../../shared/constants";
import type { ServiceDraft } from "../../../shared/schemas";
import { applyBatchTemplate, emptyServiceDraft } from "../../../shared/service-draft";

/** A service card: the draft plus a client id (generated from the timestamp). */
export type BatchService = ServiceDraft & { id: string };

let sequence = 0;
// The timestamp alone repeats when two services are added within a millisecond (duplicate, import).
const newServiceId = () => `${Date.now()}-${++sequence}`;

const DUPLICATE_SUFFIX = " (Copy)";

/** The batch page's service list and its operations: add, duplicate, remove, apply a template. */
export const useBatchServices = () => {
  const [services, setServices] = useState<BatchService[]>([]);
  return {
    services,
    addService: () => setServices((list) => [...list, { ...emptyServiceDraft(), id: newServiceId() }]),
    addServices: (drafts: ServiceDraft[]) =>
      setServices((list) => [...list, ...drafts.map((draft) => ({ ...draft, id: newServiceId() }))]),
    duplicateService: (id: string) =>
      setServices((list) => {
        const original = list.find((s) => s.id === id);
        if (!original) return list;
        return [
          ...list,
          { ...original, id: newServiceId(), fullName: `${original.fullName}${DUPLICATE_SUFFIX}` },
        ];
      }),
    removeService: (id: string) => setServices((list) => list.filter((s) => s.id !== id)),
    updateService: <K extends keyof ServiceDraft>(id: string, field: K, value: ServiceDraft[K]) =>
      setServices((list) => list.map((s) => (s.id === id ? { ...s, [field]: value } : s))),
    applyTemplateToAll: (template: BatchTemplate) =>
      setServices((list) => list.map((s) => applyBatchTemplate(s, template))),
  };
};
