import type { Page } from "@playwright/test";
import { expect, jsIndependent, test, toast } from "./fixtures";

/** The contact form: validated by the server (noValidate), answered with toasts. */

const TOPICS = ["General Inquiry", "Technical Support", "Business Partnership", "Media Inquiry", "Feedback", "Other"];

function contactForm(page: Page) {
  const form = page.locator("form").filter({ has: page.locator('textarea[name="message"]') });
  return {
    form,
    // Accessible names: a required field's "*" marker is aria-hidden.
    email: form.getByRole("textbox", { name: "Email", exact: true }),
    phone: form.getByRole("textbox", { name: "Phone (optional)", exact: true }),
    topic: form.getByRole("combobox", { name: "Topic", exact: true }),
    message: form.getByRole("textbox", { name: "Message", exact: true }),
    submit: form.getByRole("button", { name: "Send Message" }),
  };
}

test("the contact form has its fields, left to the server to validate", jsIndependent, async ({ page, open }) => {
  await open("/contact");
  const { form, email, phone, topic, message, submit } = contactForm(page);
  await expect(form).toHaveCount(1);
  await expect(form).toHaveAttribute("novalidate", "");
  await expect(email).toHaveAttribute("name", "email");
  await expect(email).toHaveAttribute("type", "email");
  await expect(phone).toHaveAttribute("name", "phone");
  await expect(topic).toHaveAttribute("name", "topic");
  await expect(message).toHaveAttribute("name", "message");
  await expect(message).toHaveAttribute("rows", "6");
  await expect(submit).toBeVisible();

  const labels = await topic
    .locator("option")
    .evaluateAll((nodes) =>
      nodes.filter((node) => (node as HTMLOptionElement).value !== "").map((node) => (node.textContent ?? "").trim()),
    );
  expect(labels).toEqual(TOPICS);
});

test("a message with a required field empty is sent back with a toast and the typed values", async ({ page, open }) => {
  await open("/contact");
  const form = contactForm(page);
  await form.email.fill("resident@example.com");
  await form.phone.fill("555-0100");
  await form.topic.selectOption("Feedback");
  await form.submit.click();

  await expect(toast(page, "alert", "Please fill in all required fields")).toBeVisible();
  const again = contactForm(page);
  await expect(again.email).toHaveValue("resident@example.com");
  await expect(again.phone).toHaveValue("555-0100");
  await expect(again.topic).toHaveValue("Feedback");
  await expect(again.message).toHaveValue("");
});

test("a complete message is sent and the form emptied", async ({ page, open }) => {
  await open("/contact");
  const form = contactForm(page);
  await form.email.fill("resident@example.com");
  await form.topic.selectOption("Media Inquiry");
  await form.message.fill("When is the next budget hearing?");
  await form.submit.click();

  const success = toast(page, "status", "Success!");
  await expect(success).toBeVisible();
  await expect(success).toContainText("Your message has been sent successfully. We'll get back to you soon.");
  const after = contactForm(page);
  await expect(after.email).toHaveValue("");
  await expect(after.phone).toHaveValue("");
  await expect(after.message).toHaveValue("");
  await expect(after.topic).not.toHaveValue("Media Inquiry");
});
