/** A fresh id for list items; randomUUID is missing outside secure contexts (plain http hosts). */
export const newId = () =>
  typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
