import { PageShell } from "~/components/layout/page-shell";

export default function Route() {
  return <PageShell><h1>about</h1></PageShell>;
}
