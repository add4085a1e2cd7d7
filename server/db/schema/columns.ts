// Column kinds every table uses the same way, so each is decided once: instants carry their time zone (Fiji's
// offset changes with daylight saving, so a bare timestamp would be ambiguous), and an e-mail address fits the
// 254 characters the standards allow.
import { serial, timestamp, varchar } from "drizzle-orm/pg-core";

export const instant = (name: string) => timestamp(name, { withTimezone: true });
export const createdAt = () => instant("created_at").notNull().defaultNow();
export const emailAddress = (name = "email") => varchar(name, { length: 254 });
export const serialId = () => serial("id").primaryKey();
