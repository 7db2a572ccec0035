import { Link } from "@tanstack/react-router";
import { Flower2 } from "lucide-react";
import { PRODUCT_NAME } from "../../../shared/constants";

export function Brand() {
  return (
    <Link
      to="/"
      className="inline-flex items-center gap-2 rounded-md font-serif text-xl font-semibold text-primary"
    >
      <Flower2 aria-hidden="true" className="size-6 text-highlight" />
      {PRODUCT_NAME}
    </Link>
  );
}
