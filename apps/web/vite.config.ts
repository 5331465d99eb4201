import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    // The strict CSP allows `data:` images but nothing else inline; keep every other
    // asset a real file.
    assetsInlineLimit: 0,
  },
});
