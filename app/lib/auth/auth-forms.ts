import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password-rules";

/** Schemas for the /auth forms, shared by the action and the page. */

const email = z
  .string({ error: "Please enter your email address" })
  .trim()
  .pipe(z.email("Please enter a valid email address"));

const optionalText = z.string().trim().optional();

export const PasswordSignInSchema = z.object({
  intent: z.literal("password"),
  mode: z.literal("login"),
  email,
  password: z.string({ error: "Please enter your password" }),
  redirectTo: optionalText,
});

export const PasswordSignUpSchema = z.object({
  intent: z.literal("password"),
  mode: z.literal("signup"),
  email,
  password: z
    .string({ error: "Please enter your password" })
    .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`),
  homeCity: optionalText,
  redirectTo: optionalText,
});

export const SendCodeSchema = z.object({
  intent: z.literal("send-code"),
  mode: z.enum(["login", "signup"]),
  email,
  homeCity: optionalText,
  redirectTo: optionalText,
});

export const VerifyCodeSchema = z.object({
  intent: z.literal("verify-code"),
  code: z
    .string({ error: "Please enter a valid 6-digit code" })
    .trim()
    .regex(/^\d{6}$/, "Please enter a valid 6-digit code"),
  mode: z.enum(["login", "signup"]),
  homeCity: optionalText,
  redirectTo: optionalText,
});

export const ResendCodeSchema = z.object({
  intent: z.literal("resend-code"),
  mode: z.enum(["login", "signup"]),
  homeCity: optionalText,
  redirectTo: optionalText,
});
