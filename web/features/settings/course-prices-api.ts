// The course prices' own calls (ADR 045): the open intakes a price change may update, read fresh each time the
// confirmation opens, and the owner's save of the prices with the answer to that question.
import type { CoursePriceChange, CoursePriceChanged, CoursePricesAnswer } from "@shared/course-prices";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

const COURSE_PRICES = "/api/admin/course-prices";
/** What a price change with updated intakes touches: the intake lists, the schedule, the settings, the log. */
const AFTER_PRICES = ["/api/admin/intakes", "/api/intakes", "/api/admin/settings", "/api/admin/audit"];

export const coursePriceQueries = {
  current: () =>
    queryOptions({
      queryKey: [COURSE_PRICES] as const,
      queryFn: () => apiJson<CoursePricesAnswer>("GET", COURSE_PRICES),
      // Intakes are paid for while the dashboard is open: the question names the ones that have no payment now.
      staleTime: 0,
    }),
};

export const saveCoursePrices = (change: CoursePriceChange) =>
  apiJson<CoursePriceChanged>("PUT", COURSE_PRICES, change);

export const invalidateAfterPrices = (client: QueryClient) =>
  Promise.all([COURSE_PRICES, ...AFTER_PRICES].map((path) => client.invalidateQueries({ queryKey: [path] })));
