// Dates as people print them on a program ("April 12, 1931"), computed from the stored text so
// that no time zone can move a birthday by a day. The booklet, the exports and the web app's
// lists all write dates with these.

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

const dateParts = (value: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  return { year, month, day };
};

/** "1931-04-12" → "April 12, 1931"; "" or an unreadable value → "". */
export const formatDateInWords = (value: string): string => {
  const parts = dateParts(value);
  return parts ? `${MONTHS[parts.month - 1]} ${parts.day}, ${parts.year}` : "";
};

/** "2025-03-08T11:00" → "Saturday, March 8, 2025"; "" when there is no date. */
export const formatServiceDay = (value: string): string => {
  const parts = dateParts(value);
  if (!parts) return "";
  const weekday = WEEKDAYS[new Date(Date.UTC(parts.year, parts.month - 1, parts.day)).getUTCDay()];
  return `${weekday}, ${formatDateInWords(value)}`;
};

/** "2025-03-08T11:00" → "11:00 AM"; "" when the value has no time. */
export const formatServiceTime = (value: string): string => {
  const match = /T(\d{2}):(\d{2})/.exec(value);
  if (!match) return "";
  const hours = Number(match[1]);
  const minutes = match[2];
  const suffix = hours < 12 ? "AM" : "PM";
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${minutes} ${suffix}`;
};

/** "2025-03-08T11:00" → "Saturday, March 8, 2025 at 11:00 AM", or the day alone without a time. */
export const formatServiceDateTime = (value: string): string =>
  [formatServiceDay(value), formatServiceTime(value)].filter(Boolean).join(" at ");

/** "April 12, 1931 – February 28, 2025", or whichever of the two is known. */
export const formatLifeSpan = (birthDate: string, passingDate: string): string =>
  [formatDateInWords(birthDate), formatDateInWords(passingDate)].filter(Boolean).join(" – ");
