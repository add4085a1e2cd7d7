// The CSV export's columns as tests expect them, written out, and reading the export back strictly by RFC 4180.

/** The CSV columns the company's spreadsheets expect, in this order: fixed, whatever the catalogue says. */
export const SPEC_CSV_COLUMNS = [
  "ID",
  "Course Type",
  "First Name",
  "Last Name",
  "Email",
  "Phone",
  "Education",
  "Flying Hours",
  "PIC Hours",
  "Drone Experience",
  "Submitted Date",
  "Processed",
  "Processing Notes",
];

/** The training columns, after the spec's ones. */
export const SPEC_TRAINING_COLUMNS = ["Intake", "Place", "Fee", "Paid", "Due"];

/** RFC 4180, strictly: quoted fields may hold anything, quotes doubled; every record ends with CRLF. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  while (i < text.length) {
    let field = "";
    if (text[i] === '"') {
      i += 1;
      for (;;) {
        const end = text.indexOf('"', i);
        if (end < 0) throw new Error("unterminated quoted field");
        field += text.slice(i, end);
        i = end + 1;
        if (text[i] !== '"') break;
        field += '"';
        i += 1;
      }
    } else {
      const match = /[,\r"\n]/.exec(text.slice(i));
      const end = match ? i + match.index : text.length;
      if (text[end] === '"' || text[end] === "\n") throw new Error(`bad character at ${end}`);
      field = text.slice(i, end);
      i = end;
    }
    record.push(field);
    if (text[i] === ",") {
      i += 1;
    } else if (text.startsWith("\r\n", i)) {
      records.push(record);
      record = [];
      i += 2;
    } else {
      throw new Error(`expected , or CRLF at ${i}`);
    }
  }
  if (record.length > 0) throw new Error("last record without CRLF");
  return records;
}
