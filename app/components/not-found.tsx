import { href, Link } from "react-router";

export function NotFound() {
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-bold text-brand-600">404</p>
      <h1 className="mt-4 text-2xl font-semibold">Oops! Page not found</h1>
      <p className="mt-2 text-slate-600">The page you asked for is not here. It may have moved.</p>
      <Link to={href("/")} className="mt-6 rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
        Return to Home
      </Link>
    </main>
  );
}
