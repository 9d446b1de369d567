import { useParams } from "react-router";
import { GeneralErrorBoundary } from "~/components/errors/general-error-boundary";
import { TopBar } from "~/components/layout/top-bar";

/** The directory pages' error boundary: outside a city they bring their own top bar (the city layout has its header). */
export function DirectoryErrorBoundary() {
  return (
    <>
      {useParams().locationKey ? null : <TopBar />}
      <GeneralErrorBoundary />
    </>
  );
}
