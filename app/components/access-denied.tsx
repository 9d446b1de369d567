import { href, Link } from "react-router";

/** What a visitor or member sees on a page that needs more rights (401/403); the root error boundary frames it. */
export function AccessDenied({ message, signedIn }: { message?: string; signedIn: boolean }) {
  return (
    <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-16">
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 font-medium text-red-800">
        {message ?? "You don't have permission to access this page."}
      </p>
      {signedIn ? null : (
        <Link to={href("/auth")} className="mt-4 inline-block font-semibold text-brand-700 hover:underline">
          Sign in
        </Link>
      )}
    </main>
  );
}
