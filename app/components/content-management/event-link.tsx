/**
 * The selected video's Legistar event on Content Management
 * (docs/decisions/0080-agenda-alerts-and-admin-links.md): which event it is
 * and how it was linked, Unlink, and a select of the city's events near the
 * video's day to link instead. Plain form posts to the page's action.
 */
import { Form } from "react-router";
import { Button, SelectField } from "~/components/forms/fields";
import type { MeetingEventLink } from "~/lib/legistar/event-link";

export function EventLinkRow({ link }: { link: MeetingEventLink }) {
  return (
    <div data-event-link className="space-y-3">
      {link.current ? (
        <p>
          <span className="font-semibold">{link.current.label}</span> (event {link.current.id}), {link.current.how}
        </p>
      ) : (
        <p>Not linked to a Legistar event.</p>
      )}
      <div className="flex flex-wrap items-end gap-3">
        {link.current ? (
          <Form method="post">
            <input type="hidden" name="intent" value="unlink-event" />
            <Button variant="secondary">Unlink</Button>
          </Form>
        ) : null}
        {link.choices.length > 0 ? (
          <Form method="post" className="flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="link-event" />
            <SelectField
              label={link.current ? "Link another event instead" : "Link an event"}
              name="eventId"
              required
              placeholder="Choose an event"
              defaultValue=""
              options={link.choices.map((choice) => ({
                value: String(choice.id),
                label: `${choice.label}${choice.linkedElsewhere ? " (linked to another video now)" : ""}`,
              }))}
            />
            <Button variant="secondary">Link</Button>
          </Form>
        ) : (
          <p className="text-slate-600">No events of this city near the video&apos;s day.</p>
        )}
      </div>
    </div>
  );
}
