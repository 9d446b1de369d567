import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * Every page loads the root route, so the app code the root imports (top
 * bar, footer, toasts, error boundary, icons…) and what that needs (React,
 * React Router) travel as one browser chunk, the "shell", rather than ten
 * small files that each compress worse (decision record 29).
 */
function shellChunk(rootRoute = "app/root.tsx"): Plugin {
  const appDir = path.resolve("app") + path.sep;
  const shell = new Set<string>();
  return {
    name: "gavel:shell-chunk",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    buildEnd() {
      shell.clear();
      const pending = [...this.getModuleIds()].filter((id) => id.startsWith(path.resolve(rootRoute)));
      while (pending.length > 0) {
        for (const id of this.getModuleInfo(pending.pop()!)?.importedIds ?? []) {
          if (id.startsWith(appDir) && !shell.has(id)) {
            shell.add(id);
            pending.push(id);
          }
        }
      }
    },
    outputOptions(options) {
      return { ...options, codeSplitting: { groups: [{ name: "shell", test: (id: string) => shell.has(id) }] } };
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), shellChunk()],
  resolve: { tsconfigPaths: true },
  build: { target: "es2022" },
});
