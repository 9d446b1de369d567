import { z } from "zod";

/** A message for the user, shown once: the app's only notification shape. */
export const ToastSchema = z.object({
  id: z.string().default(() => Math.random().toString(36).slice(2)),
  type: z.enum(["success", "error", "info"]).default("info"),
  title: z.string(),
  description: z.string().optional(),
});

export type Toast = z.infer<typeof ToastSchema>;
export type ToastInput = z.input<typeof ToastSchema>;
