import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("contact", "routes/contact.tsx"),
  route("auth", "routes/auth/auth.tsx"),
  route("auth/confirm", "routes/auth/confirm.tsx"),
  route("auth/sign-out", "routes/auth/sign-out.tsx"),
  route("profile", "routes/profile.tsx"),
  route("city/:locationKey", "routes/city/city.tsx"),
  ...prefix("admin", [layout("routes/admin/layout.tsx", [index("routes/admin/index.tsx")])]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
