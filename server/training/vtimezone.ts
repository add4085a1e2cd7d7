// The VTIMEZONE a calendar file needs beside an event written in a named zone (DTSTART;TZID=Pacific/Fiji): what
// the zone's offset is, and when it changes, over the event's days. ical-generator has no zone data of its own; the
// offsets come from the runtime's time-zone database through @date-fns/tz, as everywhere else (shared/fiji-time.ts),
// so a Fiji summer with daylight saving again is written as it is.
import { tzOffset, tzScan } from "@date-fns/tz";

const pad = (n: number) => String(n).padStart(2, "0");

/** "+1200", "-0330": an offset in minutes as RFC 5545 writes it. */
function offsetText(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
}

/** The local wall-clock time of `instant` at `offset` minutes from UTC, as a DTSTART writes it (no zone). */
function localText(instant: Date, offset: number): string {
  const local = new Date(instant.getTime() + offset * 60_000);
  return `${local.getUTCFullYear()}${pad(local.getUTCMonth() + 1)}${pad(local.getUTCDate())}T${pad(
    local.getUTCHours(),
  )}${pad(local.getUTCMinutes())}${pad(local.getUTCSeconds())}`;
}

/**
 * A VTIMEZONE for `timeZone` valid from `from` to `to`: one observance for the offset in force at `from`, and one
 * for each change of offset before `to`. The larger offsets are DAYLIGHT, the smallest STANDARD.
 */
export function vtimezone(timeZone: string, from: Date, to: Date): string {
  const first = tzOffset(timeZone, from);
  const changes = tzScan(timeZone, { start: from, end: to });
  const standard = Math.min(first, ...changes.map((change) => change.offset));
  const observance = (at: Date, fromOffset: number, toOffset: number) => {
    const kind = toOffset > standard ? "DAYLIGHT" : "STANDARD";
    return [
      `BEGIN:${kind}`,
      `DTSTART:${localText(at, fromOffset)}`,
      `TZOFFSETFROM:${offsetText(fromOffset)}`,
      `TZOFFSETTO:${offsetText(toOffset)}`,
      `END:${kind}`,
    ];
  };
  const lines = ["BEGIN:VTIMEZONE", `TZID:${timeZone}`, ...observance(from, first, first)];
  let previous = first;
  for (const change of changes) {
    lines.push(...observance(change.date, previous, change.offset));
    previous = change.offset;
  }
  lines.push("END:VTIMEZONE");
  return lines.join("\r\n");
}
