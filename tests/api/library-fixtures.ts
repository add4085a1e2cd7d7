// Real files and real multipart bodies for the library's API tests: a PDF, ZIP archives laid out as Word, Excel
// and PowerPoint files (what file-type reads), and a multipart/form-data body as a browser sends it.
import { crc32 } from "node:zlib";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { simplePdf } from "../../server/portal/pdf";
import { sameSite } from "../helpers/test-app";

/** A ZIP archive with its entries stored (not compressed). */
export function zipOf(entries: { name: string; data: string | Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const data = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const OOXML = {
  docx: { dir: "word", part: "document", type: "wordprocessingml.document" },
  xlsx: { dir: "xl", part: "workbook", type: "spreadsheetml.sheet" },
  pptx: { dir: "ppt", part: "presentation", type: "presentationml.presentation" },
} as const;

/** A minimal Office Open XML file of the given kind. */
export function officeFile(kind: keyof typeof OOXML): Buffer {
  const { dir, part, type } = OOXML[kind];
  const contentTypes = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/${dir}/${part}.xml" ContentType="application/vnd.openxmlformats-officedocument.${type}.main+xml"/></Types>`;
  return zipOf([
    { name: "[Content_Types].xml", data: contentTypes },
    { name: `${dir}/${part}.xml`, data: `<?xml version="1.0"?><${part}/>` },
  ]);
}

export const plainZip = () => zipOf([{ name: "readme.txt", data: "Checklists for the field." }]);

export const pdfFile = (title = "Test document") => Buffer.from(simplePdf(title, ["A line of text."]));

export interface Part {
  name: string;
  value: string | Buffer;
  fileName?: string;
  contentType?: string;
}

/** A multipart/form-data body as a browser builds it, in the given order. */
export function multipartBody(parts: Part[]) {
  const boundary = `----rpasTestBoundary${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.fileName === undefined ? "" : `; filename="${part.fileName}"`}`;
    const type = part.contentType ?? (part.fileName === undefined ? undefined : "application/octet-stream");
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ""}\r\n`,
      ),
      Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Staff replace a document's file through the real upload route (a new version), as the owner does to make a
 * starting document downloadable: its sample file is then no longer the current one.
 */
export async function replaceFile(
  app: FastifyInstance,
  staffCookie: string,
  id: string,
  bytes = pdfFile(`The real ${id}`),
) {
  const { payload, contentType } = multipartBody([{ name: "file", fileName: `${id}.pdf`, value: bytes }]);
  const res = await app.inject({
    method: "POST",
    url: `/api/admin/library/documents/${id}/versions`,
    payload,
    headers: { ...sameSite, cookie: staffCookie, "content-type": contentType },
  });
  if (res.statusCode !== 201)
    throw new Error(`replacing ${id}'s file answered ${res.statusCode}: ${res.body}`);
  return res;
}

/**
 * Uploads a plain picture of `width` x `height` as the owner (POST /api/admin/media, ADR 060) and answers the
 * upload's response: its id is what the brand and the testimonial photo calls take.
 */
export async function uploadPicture(
  app: FastifyInstance,
  cookie: string,
  picture: {
    kind: "logo" | "hero" | "testimonial";
    alt: string;
    width?: number;
    height?: number;
    png?: boolean;
  },
) {
  const image = sharp({
    create: {
      width: picture.width ?? 400,
      height: picture.height ?? 400,
      channels: 3,
      background: "#2266aa",
    },
  });
  const value = await (picture.png ? image.png() : image.jpeg()).toBuffer();
  const { payload, contentType } = multipartBody([
    { name: "kind", value: picture.kind },
    { name: "alt", value: picture.alt },
    {
      name: "file",
      fileName: picture.png ? "picture.png" : "picture.jpg",
      value,
      contentType: picture.png ? "image/png" : "image/jpeg",
    },
  ]);
  return app.inject({
    method: "POST",
    url: "/api/admin/media",
    payload,
    headers: { ...sameSite, cookie, "content-type": contentType },
  });
}
