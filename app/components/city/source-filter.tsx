import { Form, href, useSubmit } from "react-router";
import { Button, SelectField } from "~/components/forms/fields";
import type { VideoSource } from "~/lib/meetings/meetings.server";
import { useHydrated } from "~/components/hooks/use-hydrated";

/**
 * Which source's videos to list: a GET form to the city page, so the choice
 * is in the URL (`?source=<id>`) and a new choice starts again at the first
 * 10. With JavaScript it applies on change; without, with the Show button.
 */
export function SourceFilter({
  cityKey,
  sources,
  selected,
}: {
  cityKey: string;
  sources: VideoSource[];
  selected: string | null;
}) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  if (sources.length === 0) return null;
  return (
    <Form
      method="get"
      action={href("/city/:locationKey", { locationKey: cityKey })}
      className="flex flex-wrap items-end gap-2"
      preventScrollReset
    >
      <SelectField
        label="Source"
        name="source"
        className="min-w-56 flex-1"
        defaultValue={selected ?? ""}
        key={selected ?? ""}
        options={[
          { value: "", label: "All sources" },
          ...sources.map((source) => ({ value: source.id, label: source.title })),
        ]}
        onChange={(event) => {
          const form = event.currentTarget.form;
          if (form) void submit(form, { preventScrollReset: true });
        }}
      />
      {hydrated ? null : (
        <Button variant="secondary" className="mb-0.5">
          Show
        </Button>
      )}
    </Form>
  );
}
