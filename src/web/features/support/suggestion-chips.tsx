/** Questions or openings the user can send with one click, shown while a chat has barely started. */
export function SuggestionChips({
  suggestions,
  onPick,
  label,
}: {
  suggestions: readonly string[];
  onPick: (suggestion: string) => void;
  label: string;
}) {
  return (
    <ul className="flex flex-wrap gap-2" aria-label={label}>
      {suggestions.map((suggestion) => (
        <li key={suggestion}>
          <button
            type="button"
            onClick={() => onPick(suggestion)}
            className="rounded-full border bg-card px-3 py-1 text-left text-xs hover:bg-secondary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {suggestion}
          </button>
        </li>
      ))}
    </ul>
  );
}
