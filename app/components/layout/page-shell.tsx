import { TopBar } from "./top-bar";
import { Main } from "./main";

/** The frame of every public page that is not a city page: top bar, then content. */
export function PageShell({ children, narrow = false }: { children: React.ReactNode; narrow?: boolean }) {
  return (
    <>
      <TopBar />
      <Main className={`mx-auto w-full px-4 py-10 ${narrow ? "max-w-3xl" : "max-w-6xl"}`}>{children}</Main>
    </>
  );
}
