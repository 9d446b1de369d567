/**
 * The screen of /admin/story-playground (app/routes/admin/story-playground.tsx
 * holds its loader and action): the city and meeting pickers, the analysis
 * and current story, the write form and the side-by-side comparison.
 */
import type { z } from "zod";
import { Form, href, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { Button, ErrorList, SelectField, TextareaField } from "~/components/forms/fields";
import { getFormProps, getTextareaProps, useSchemaForm } from "~/components/forms/use-schema-form";
import { AnalysisDigest } from "~/components/pipeline/analysis-digest";
import { formatDate, formatDateTime } from "~/lib/format/date";
import { RevisionCompare } from "~/components/pipeline/revision-compare";
import { RevisionMeta } from "~/components/pipeline/revision-meta";
import { StoryPreview } from "~/components/pipeline/story-preview";
import { meetingHref } from "~/lib/meetings/links";
import { NEED_ANALYSIS } from "~/lib/pipeline/messages";
import type { PlaygroundSchema } from "~/lib/pipeline/story-playground-form";
import { Card } from "~/components/ui/card";
import type { action, loader } from "~/routes/admin/story-playground";

function Pickers() {
  const { cities, cityKey, videos, video, unknown } = useLoaderData<typeof loader>();
  return (
    <div className="mt-6 grid gap-4 lg:grid-cols-2">
      <Form method="get" className="flex items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <SelectField
          className="flex-1"
          label="City"
          name="city"
          placeholder="Select a city"
          defaultValue={cityKey}
          key={`city-${cityKey}`}
          options={cities.map((city) => ({ value: city.key, label: `${city.name}, ${city.state}` }))}
          errors={unknown.city ? ["City not found"] : undefined}
          required
        />
        <Button variant="secondary">Show meetings</Button>
      </Form>
      {videos ? (
        <Form method="get" className="flex items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <input type="hidden" name="city" value={cityKey} />
          <SelectField
            className="min-w-0 flex-1"
            label="Meeting"
            name="video"
            placeholder={videos.length ? "Select a meeting" : "No videos found for this city"}
            defaultValue={video?.id ?? ""}
            key={`video-${video?.id ?? ""}`}
            options={videos.map((choice) => ({
              value: choice.id,
              label: `${formatDate(choice.publishedAt) ?? "—"} · ${choice.title}${choice.hasStory ? " · story" : choice.hasAnalysis ? " · analyzed" : ""}`,
            }))}
            errors={unknown.video ? ["No video details found"] : undefined}
            required
          />
          <Button variant="secondary" disabled={videos.length === 0}>
            Open
          </Button>
        </Form>
      ) : null}
    </div>
  );
}

function WriteForm() {
  const { video } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const writing = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : "";
  const [form, fields] = useSchemaForm<z.input<typeof PlaygroundSchema>>({
    id: `playground-${video?.id ?? ""}`,
    lastResult: actionData?.result,
  });
  if (!video) return null;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="meetingId" value={video.id} />
      <ErrorList id={form.errorId} errors={form.errors} announce />
      <TextareaField
        label="Additional context"
        hint="Instructions for the writer: what to lead with, what to explain, the tone. Required for a rewrite."
        rows={5}
        errors={fields.additionalContext.errors}
        {...getTextareaProps(fields.additionalContext)}
      />
      <div className="flex flex-wrap gap-3">
        <Button name="intent" value="generate" disabled={Boolean(writing) || !video.hasAnalysis}>
          {writing === "generate" ? "Writing…" : "Generate Story"}
        </Button>
        <Button name="intent" value="rewrite" variant="secondary" disabled={Boolean(writing) || !video.hasStory}>
          {writing === "rewrite" ? "Rewriting…" : "Rewrite"}
        </Button>
      </div>
      {!video.hasAnalysis ? <p className="text-sm text-slate-600">{NEED_ANALYSIS}.</p> : null}
    </Form>
  );
}

function RevisionPicker() {
  const { video, revisions, selection } = useLoaderData<typeof loader>();
  if (!video) return null;
  if (revisions.length === 0) return <p className="text-sm text-slate-600">No story available</p>;
  return (
    <Form method="get" className="space-y-3">
      <input type="hidden" name="city" value={video.cityKey} />
      <input type="hidden" name="video" value={video.id} />
      <table className="w-full text-left text-sm">
        <thead className="text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th className="py-1 pr-2">Left</th>
            <th className="py-1 pr-2">Right</th>
            <th className="py-1">Version</th>
          </tr>
        </thead>
        <tbody>
          {revisions.map((revision, index) => (
            <tr key={revision.id} className="border-t border-slate-100 align-top">
              <CompareSideCell side="left" revision={revision} chosen={selection.left} isDefault={index === 1} />
              <CompareSideCell side="right" revision={revision} chosen={selection.right} isDefault={index === 0} />
              <td className="py-2">
                <p className="font-medium">{revision.title || "Untitled story"}</p>
                <RevisionMeta revision={revision} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Button variant="secondary" disabled={revisions.length < 2}>
        Compare
      </Button>
    </Form>
  );
}

export function StoryPlaygroundScreen() {
  const { video, comparison } = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="text-3xl font-bold">Story Playground</h1>
      <p className="mt-2 text-slate-600">
        Pick a meeting, write its story with your own instructions, and compare versions.
      </p>
      <Pickers />
      {video ? (
        <>
          <div className="mt-8 flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="text-2xl font-semibold">{video.title}</h2>
            <p className="text-sm">
              <Link
                className="font-semibold text-brand-700 hover:underline"
                to={meetingHref(video.id, { cityKey: video.cityKey })}
              >
                Meeting page
              </Link>
              {" · "}
              <Link
                className="font-semibold text-brand-700 hover:underline"
                to={href("/admin/revisions/:meetingId", { meetingId: video.id })}
              >
                All revisions
              </Link>
            </p>
          </div>
          <div className="mt-4 grid gap-6 lg:grid-cols-2">
            <Card title="Previous analysis" id="analysis-heading">
              <AnalysisDigest analysis={video.analysis} />
            </Card>
            <Card title="Current story" id="story-heading">
              {video.storyGeneratedAt ? (
                <p className="mb-2 text-xs text-slate-500">Generated {formatDateTime(video.storyGeneratedAt) ?? "—"}</p>
              ) : null}
              <StoryPreview story={video.story} />
            </Card>
            <Card title="Write a story" id="write-heading">
              <WriteForm />
            </Card>
            <Card title="Story versions" id="versions-heading">
              <RevisionPicker />
            </Card>
          </div>
          {comparison ? <RevisionCompare kind="story" left={comparison.left} right={comparison.right} /> : null}
        </>
      ) : null}
    </>
  );
}

/** One radio of the compare table: this revision on the left or the right (default: the two newest). */
function CompareSideCell({
  side,
  revision,
  chosen,
  isDefault,
}: {
  side: "left" | "right";
  revision: { id: string; title: string };
  chosen: string | null | undefined;
  isDefault: boolean;
}) {
  return (
    <td className="py-2 pr-2">
      <input
        type="radio"
        name={side}
        value={revision.id}
        aria-label={`${side === "left" ? "Left" : "Right"}: ${revision.title}`}
        defaultChecked={chosen ? chosen === revision.id : isDefault}
      />
    </td>
  );
}
