// The public API of @grouarock/ui. Apps import from here only; everything else is internal.

// Theme
export { theme, type UiTheme } from './theme/theme';
export { colors, type ColorToken } from './theme/colors';
export { fonts, fontSizes, fontWeights, lineHeights, letterSpacings } from './theme/typography';
export { displayHeading } from './theme/text-styles';
export { renderWhenNear } from './theme/render-when-near';
export { space, radii, shadows, zIndices, motion, touchTarget } from './theme/scales';
export { breakpoints, mq, type Breakpoint, type MediaQueries } from './theme/media';
export { globalStyles } from './theme/global-styles';
export { UiProvider, type UiProviderProps } from './theme/ui-provider';

// Layout
export { Page, type PageProps, type PageWidth } from './components/layout/page';
export { PageTitle, type PageTitleProps } from './components/layout/page-title';
export { Panel, type PanelProps } from './components/layout/panel';
export { Stack, type StackProps, type SpaceStep } from './components/layout/stack';
export { Grid, type GridProps } from './components/layout/grid';

// Components
export { Button, type ButtonProps } from './components/button/button';
export { type ButtonSize, type ButtonVariant } from './components/button/button-styles';
export { IconButton, type IconButtonProps } from './components/icon-button/icon-button';
export { LineIcon, type LineIconProps } from './components/line-icon/line-icon';
export { TransportIcon, type TransportIconProps, type TransportKind } from './components/transport-icon/transport-icon';
export { Spinner, type SpinnerProps, type SpinnerSize } from './components/spinner/spinner';
export { Dialog, type DialogProps, type DialogSize } from './components/dialog/dialog';
export { Drawer, type DrawerProps, type DrawerSide } from './components/drawer/drawer';
export { FullscreenDialog, type FullscreenDialogProps } from './components/fullscreen-dialog/fullscreen-dialog';
export { Tabs, type TabsProps, type TabItem } from './components/tabs/tabs';
export { Switch, type SwitchProps } from './components/switch/switch';
export { Slider, type SliderProps } from './components/slider/slider';
export { Knob, type KnobProps, type KnobSize } from './components/knob/knob';
export { Select, type SelectProps, type SelectOption } from './components/select/select';
export {
  LevelMeterBar,
  meterValue,
  type LevelMeterBarProps,
  type LevelMeterOrientation,
} from './components/level-meter-bar/level-meter-bar';
export { TextField, type TextFieldProps, type TextFieldType } from './components/text-field/text-field';
export { TextArea, type TextAreaProps } from './components/text-area/text-area';
export { Card, type CardProps, type CardTone, type CardPadding } from './components/card/card';
export { Badge, type BadgeProps, type BadgeTone } from './components/badge/badge';
export { CountryMark, type CountryMarkProps } from './components/country-mark/country-mark';
export {
  DropdownMenu,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  type DropdownMenuAlign,
  type DropdownMenuItemProps,
  type DropdownMenuProps,
} from './components/dropdown-menu/dropdown-menu';

// Toasts
export { ToastProvider, type ToastProviderProps, type ToastLabels } from './components/toast/toast-provider';
export { useToast } from './components/toast/use-toast';
export { type ToastApi, type ToastOptions, type ToastTone } from './components/toast/toast-context';
