import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * A `<details>` menu (it opens without JavaScript) that, with JavaScript,
 * closes like a menu: on Escape, putting the focus back on its `<summary>`;
 * on a click or a focus outside it; and after a navigation.
 */
export function useDisclosureMenu() {
  const ref = useRef<HTMLDetailsElement>(null);
  const { pathname, search } = useLocation();

  useEffect(() => {
    const details = ref.current;
    if (details) details.open = false;
  }, [pathname, search]);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const closeOutside = (event: Event) => {
      if (details.open && event.target instanceof Node && !details.contains(event.target)) details.open = false;
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !details.open) return;
      event.preventDefault();
      details.open = false;
      details.querySelector("summary")?.focus();
    };
    document.addEventListener("pointerdown", closeOutside);
    document.addEventListener("focusin", closeOutside);
    details.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("pointerdown", closeOutside);
      document.removeEventListener("focusin", closeOutside);
      details.removeEventListener("keydown", closeOnEscape);
    };
  }, []);

  return ref;
}
