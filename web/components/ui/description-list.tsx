// Label and value pairs as a <dl>, one <div> a pair so that a grid can lay the pairs out.
import type { ReactNode } from "react";

interface DescriptionListProps {
  rows: readonly (readonly [string, ReactNode])[];
  className?: string;
  /** The classes of each pair's <div>, its <dt> and its <dd>. */
  classes: { item: string; term: string; detail: string };
}

export function DescriptionList({ rows, className, classes }: DescriptionListProps) {
  return (
    <dl className={className}>
      {rows.map(([term, detail]) => (
        <div key={term} className={classes.item}>
          <dt className={classes.term}>{term}</dt>
          <dd className={classes.detail}>{detail}</dd>
        </div>
      ))}
    </dl>
  );
}
