import * as RadixDialog from '@radix-ui/react-dialog';
import { IconButton } from '../components/icon-button/icon-button';
import { CloseIcon } from './icons';
import { modalDescription, modalHeader, modalTitle } from './modal-styles';

export interface ModalHeaderProps {
  title: string;
  description?: string;
  closeLabel: string;
}

/**
 * Title (which labels the dialog via Radix), optional description (which describes it) and the close
 * button, whose accessible name is the translated `closeLabel`.
 */
export function ModalHeader({ title, description, closeLabel }: ModalHeaderProps) {
  return (
    <>
      <div css={modalHeader}>
        <RadixDialog.Title css={modalTitle}>{title}</RadixDialog.Title>
        <RadixDialog.Close asChild>
          <IconButton label={closeLabel} size="md">
            <CloseIcon />
          </IconButton>
        </RadixDialog.Close>
      </div>
      {description ? <RadixDialog.Description css={modalDescription}>{description}</RadixDialog.Description> : null}
    </>
  );
}
