import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startRefreshSchedule, stopRefreshSchedule } from "~/lib/jobs/worker.server";

/**
 * The schedule of the Live cities' source refreshes: nothing right after a
 * start (a fresh `npm start` reaches no video site), then once per interval.
 */

const HOUR_MS = 3_600_000;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  stopRefreshSchedule();
  vi.useRealTimers();
});

describe("source refresh schedule", () => {
  it("first looks a whole interval after start, then every interval", () => {
    const queue = vi.fn();
    startRefreshSchedule(6, queue);
    vi.advanceTimersByTime(10 * 60_000);
    expect(queue).not.toHaveBeenCalled();
    vi.advanceTimersByTime(6 * HOUR_MS - 10 * 60_000 - 1);
    expect(queue).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(queue).toHaveBeenCalledExactlyOnceWith(6);
    vi.advanceTimersByTime(6 * HOUR_MS);
    expect(queue).toHaveBeenCalledTimes(2);
  });

  it("is off with an interval of 0 hours", () => {
    const queue = vi.fn();
    startRefreshSchedule(0, queue);
    vi.advanceTimersByTime(48 * HOUR_MS);
    expect(queue).not.toHaveBeenCalled();
  });
});
