// Self-hosted fonts (no network at runtime): fonts.css declares them, Vite bundles it with the woff2 files.
import './fonts.css';
