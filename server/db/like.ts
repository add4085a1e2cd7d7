// Staff search boxes match text anywhere in a column, literally: % and _ typed by staff are not wildcards.
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
