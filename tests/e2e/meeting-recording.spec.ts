import { expect, test } from "./fixtures";

/**
 * A meeting's recording page (docs/decisions/0083-recordings-for-transcription.md):
 * a media URL at a private address is refused under its field, with
 * JavaScript and without; nothing is queued.
 */
test("a media URL at a private address is refused under its field, and nothing is queued", async ({
  page,
  open,
  signedInAs,
  testData,
}) => {
  await signedInAs("admin");
  const meeting = await testData.createMeeting({ title: "Harbor Board", transcript: null });
  await open(`/admin/content-management/meetings/${meeting.meetingId}/recording`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Recording of Harbor Board");
  await expect(page.getByText("This meeting has not been transcribed from a recording.")).toBeVisible();
  const field = page.getByLabel("Recording's address");
  await field.fill("http://169.254.169.254/latest/meta-data");
  await page.getByRole("button", { name: "Fetch and transcribe" }).click();
  await expect(
    page.getByText(/^The media URL points at a private address \(169\.254\.169\.254 is 169\.254\.169\.254\)/).first(),
  ).toBeVisible();
  await expect(field).toHaveValue("http://169.254.169.254/latest/meta-data");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("This meeting has not been transcribed from a recording.")).toBeVisible();
});
