import { type SVGProps } from 'react';
import { LineIcon, type LineIconProps } from '../components/line-icon/line-icon';

// Small stroke icons used inside components, a little bolder than LineIcon's default. They are always
// decorative (aria-hidden): the accessible name comes from the control that holds them (e.g. IconButton's `label`).
type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>;

function Icon(props: LineIconProps) {
  return <LineIcon size="1em" strokeWidth={2.5} {...props} />;
}

export function CloseIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 6l12 12M18 6L6 18" />
    </Icon>
  );
}

export function ChevronDownIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 9l6 6 6-6" />
    </Icon>
  );
}

export function CheckIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </Icon>
  );
}

export function AlertIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3l10 18H2L12 3z" />
      <path d="M12 10v5M12 18h.01" />
    </Icon>
  );
}

export function InfoIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="9.5" />
      <path d="M12 11v6M12 7.5h.01" />
    </Icon>
  );
}

export function SuccessIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="9.5" />
      <path d="M7.5 12.5l3 3 6-6" />
    </Icon>
  );
}
