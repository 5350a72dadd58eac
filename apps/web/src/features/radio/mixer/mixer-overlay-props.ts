/** Props of the lazily loaded `MixerOverlay`. */
export interface MixerOverlayProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}
