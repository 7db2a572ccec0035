// Dates are stored as the family typed them (YYYY-MM-DD, YYYY-MM-DDTHH:mm) with no time zone:
// format them as written, never shifted by the viewer's zone.

const parts = (value: string) => value.match(/^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/);

/** "1931-04-12" → "April 12, 1931"; "" or unreadable → "". */
export const formatDate = (value: string) => {
  const m = parts(value);
  if (!m) return "";
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
};

/** "2025-03-08T11:00" → "Saturday, March 8, 2025 at 11:00 AM". */
export const formatDateTime = (value: string) => {
  const m = parts(value);
  if (!m) return "";
  const date = new Date(
    Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0)),
  );
  const day = date.toLocaleDateString("en-US", {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
  if (m[4] === undefined) return day;
  const time = date.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit", timeZone: "UTC" });
  return `${day} at ${time}`;
};

/** "April 12, 1931 – February 28, 2025", or whichever half is known. */
export const formatLifeDates = (birthDate: string, passingDate: string) =>
  [formatDate(birthDate), formatDate(passingDate)].filter(Boolean).join(" – ");
