import { createRoot } from "react-dom/client";

const el = document.getElementById("root");
if (el) createRoot(el).render(<h1 className="text-3xl font-serif">Keepsake</h1>);
