// A form's schema check whose code (zod and the resolver) loads when the form is first focused or sent, not with the
// page (ADR 047): zod is most of what a small form adds to a page's script, and the page's budget is React's now.
// The schema stays the server's own (shared/), loaded from a module of its own.
import type { FieldValues, Resolver } from "react-hook-form";

export type LazyResolver<In extends FieldValues, Ctx, Out> = Resolver<In, Ctx, Out> & {
  /** Starts loading the check (a form's onFocus), so a submit does not wait for it. */
  preload: () => void;
};

export function lazyResolver<In extends FieldValues, Ctx = unknown, Out = In>(
  load: () => Promise<Resolver<In, Ctx, Out>>,
): LazyResolver<In, Ctx, Out> {
  let loading: Promise<Resolver<In, Ctx, Out>> | undefined;
  const loaded = () => {
    loading ??= load();
    return loading;
  };
  const resolver: Resolver<In, Ctx, Out> = async (values, context, options) =>
    (await loaded())(values, context, options);
  return Object.assign(resolver, { preload: () => void loaded() });
}
