// Self-hosted fonts (no network at runtime): Vite bundles the @font-face CSS and woff2 files.
import '@fontsource/bebas-neue';
import '@fontsource-variable/inter';
