import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("contact", "routes/contact.tsx"),
  route("city/:locationKey", "routes/city/city.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
