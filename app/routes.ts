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
  route("city/:locationKey", "routes/city/city.tsx", [
    index("routes/city/index.tsx"),
    route("search", "routes/city/search.tsx"),
    route("meeting/:meetingId", "routes/meeting/meeting.tsx", { id: "city-meeting" }),
    route("meeting-story/:meetingId", "routes/meeting/meeting-story.tsx", { id: "city-meeting-story" }),
  ]),
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      index("routes/admin/index.tsx"),
      route("story-playground", "routes/admin/story-playground.tsx"),
      route("jobs", "routes/admin/jobs.tsx"),
      route("city-management", "routes/admin/city-management.tsx"),
      route("revisions/:meetingId", "routes/admin/revisions.tsx"),
      route("content-management", "routes/admin/content-management.tsx"),
      route("youtube-manager", "routes/admin/youtube-manager.tsx"),
      route("business-directory/:businessId/image", "routes/admin/business-image.tsx"),
    ]),
  ]),
  route("meeting/:meetingId", "routes/meeting/meeting.tsx"),
  route("meeting-story/:meetingId", "routes/meeting/meeting-story.tsx"),
  route("search", "routes/search.tsx"),
  route("resources/city-videos", "routes/resources/city-videos.ts"),
  route("resources/city-videos-search", "routes/resources/city-videos-search.ts"),
  route("resources/pipeline-status/:meetingId", "routes/resources/pipeline-status.ts"),
  route("resources/lite-mode", "routes/resources/lite-mode.ts"),
  route("images/businesses/:file", "routes/images/businesses.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
