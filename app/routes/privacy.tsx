import { PageShell } from "~/components/layout/page-shell";

export default function Route() {
  return <PageShell><h1>privacy</h1></PageShell>;
}
