// The search box above the enrollment and subscriber lists, and the debounced term the list query uses.
import { Search } from "lucide-react";
import { useState } from "react";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useDebouncedValue } from "./use-debounced-value";

const SEARCH_DELAY_MS = 300;

/** `search` is what the box shows; `q` follows it once typing pauses, so the list is not fetched per key. */
export function useSearch() {
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  return { search, setSearch, q };
}

interface SearchFieldProps {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}

export function SearchField({ id, label, placeholder, value, onChange }: SearchFieldProps) {
  return (
    <Field id={id} label={label} className="max-w-md">
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
          aria-hidden="true"
        />
        <Input
          id={id}
          type="search"
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={false}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className="pl-9"
        />
      </div>
    </Field>
  );
}
