// The one Drizzle pg-core schema, one file per domain. Generate a migration after editing: `npm run db:generate`.
// Enumerations are CHECK constraints, not pg enums: a pg enum type is schema-qualified in migrations, which would
// tie the tables to "public" (tests and multi-tenant setups run them in other schemas).
export * from "./certificates";
export * from "./content";
export * from "./course-fees";
export * from "./intake";
export * from "./media";
export * from "./payments";
export * from "./platform";
export * from "./portal";
export * from "./staff";
export * from "./texts";
export * from "./training";
