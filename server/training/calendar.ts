// Calendar arithmetic on Fiji dates lives in shared/ (the staff intake form defaults the end date the same way).
export { addDays, courseEnd } from "../../shared/calendar-dates";
