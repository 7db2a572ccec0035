import { Upload } from "lucide-react";
import { type ChangeEvent, useId } from "react";
import { cn } from "../../lib/cn";
import { buttonVariants } from "./button";

/**
 * A file picker that looks like a button. The input stays focusable (visually hidden); its label
 * looks like a button and shows the focus ring, so keyboard and screen-reader users can use it.
 */
export function FileButton({
  label,
  accept,
  onFile,
}: {
  label: string;
  accept: string;
  onFile: (file: File) => void;
}) {
  const inputId = useId();
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ""; // choosing the same file again after fixing it must fire again
    if (file) onFile(file);
  };
  return (
    <div>
      <input id={inputId} type="file" accept={accept} className="peer sr-only" onChange={choose} />
      <label
        htmlFor={inputId}
        className={cn(
          buttonVariants({ variant: "outline" }),
          "cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-ring",
        )}
      >
        <Upload aria-hidden="true" />
        {label}
      </label>
    </div>
  );
}
