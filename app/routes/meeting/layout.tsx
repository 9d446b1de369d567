import { Outlet } from "react-router";
import { conditionalGet } from "~/lib/http/cache.server";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [conditionalGet];

export default function MeetingLayout() {
  return <Outlet />;
}
