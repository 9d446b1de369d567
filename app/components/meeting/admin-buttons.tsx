import { Form, href, Link, useNavigation } from "react-router";
import { Button, TextareaField } from "~/components/forms/fields";
import { MAX_REWRITE_INSTRUCTIONS, RE_ANALYZE, REGENERATE_STORY, REWRITE_STORY } from "~/lib/meetings/admin-intents";

function useSubmittingIntent(): string | null {
  const navigation = useNavigation();
  if (navigation.state !== "submitting") return null;
  const intent = navigation.formData?.get("intent");
  return typeof intent === "string" ? intent : null;
}

function AdminCard({ meetingId, children }: { meetingId: string; children: React.ReactNode }) {
  const link = "font-medium text-amber-900 underline hover:no-underline";
  return (
    <section aria-labelledby="admin-tools" className="rounded-xl border border-amber-300 bg-amber-50 p-5">
      <h2 id="admin-tools" className="text-sm font-semibold uppercase tracking-wide text-amber-900">
        Admin
      </h2>
      <div className="mt-3 space-y-3">{children}</div>
      <p className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link to={href("/admin/revisions/:meetingId", { meetingId })} className={link}>
          Revisions
        </Link>
        <Link to={`${href("/admin/story-playground")}?video=${meetingId}`} className={link}>
          Story Playground
        </Link>
        <Link to={href("/admin/jobs")} className={link}>
          Jobs
        </Link>
      </p>
    </section>
  );
}

/** Admins only (the loader decides; the action checks again). */
export function ReanalyzeButton({ meetingId }: { meetingId: string }) {
  const busy = useSubmittingIntent() === RE_ANALYZE;
  return (
    <AdminCard meetingId={meetingId}>
      <Form method="post">
        <input type="hidden" name="intent" value={RE_ANALYZE} />
        <input type="hidden" name="meetingId" value={meetingId} />
        <Button variant="secondary" disabled={busy} className="w-full">
          {busy ? "Requesting…" : "Re-Analyze Meeting"}
        </Button>
      </Form>
    </AdminCard>
  );
}

export function StoryAdminButtons({ meetingId }: { meetingId: string }) {
  const intent = useSubmittingIntent();
  return (
    <AdminCard meetingId={meetingId}>
      <Form method="post" className="space-y-2">
        <input type="hidden" name="intent" value={REWRITE_STORY} />
        <input type="hidden" name="meetingId" value={meetingId} />
        <TextareaField
          label="Rewrite instructions (optional)"
          id="rewrite-instructions"
          name="additionalContext"
          rows={3}
          maxLength={MAX_REWRITE_INSTRUCTIONS}
        />
        <Button variant="secondary" disabled={intent !== null} className="w-full">
          {intent === REWRITE_STORY ? "Requesting…" : "Rewrite Story"}
        </Button>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value={REGENERATE_STORY} />
        <input type="hidden" name="meetingId" value={meetingId} />
        <Button variant="secondary" disabled={intent !== null} className="w-full">
          {intent === REGENERATE_STORY ? "Requesting…" : "Regenerate"}
        </Button>
      </Form>
    </AdminCard>
  );
}
