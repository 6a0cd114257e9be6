import { useLocation } from "@remix-run/react";

/** Hidden inputs that carry the address through a GET form, except the names the form sets itself. */
export function HiddenParams({ except }: { except: (name: string) => boolean }) {
  const { search } = useLocation();
  return (
    <>
      {[...new URLSearchParams(search)]
        .filter(([k]) => !except(k))
        .map(([k, v], i) => (
          <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
        ))}
    </>
  );
}
