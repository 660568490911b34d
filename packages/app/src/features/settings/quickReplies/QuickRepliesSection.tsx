import { chakra, Heading, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import type { QuickReplies } from '@coach/api';
import { messagingLimits } from '@coach/domain';
import { Button, Textarea, toast } from '@coach/ui';
import { yupResolver } from '@hookform/resolvers/yup';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LuArrowDown, LuArrowUp, LuMessageSquareText, LuPlus, LuTrash2 } from 'react-icons/lu';
import { useSubmitOnlyForm } from '../../../core/forms/index.ts';
import { quickRepliesAtom, quickRepliesLoadableAtom } from '../../../core/messaging/index.ts';
import { useCoachApi } from '../../../core/session/index.ts';
import { describeCallFailure } from '../../../errors/callFailure.ts';
import { useAtomValue, useSetAtom } from '../../../state/jotai.ts';
import { LoadedContent } from '../LoadedContent.tsx';
import { type QuickRepliesValues, quickRepliesSchema } from './quickRepliesSchema.ts';

const { quickRepliesMax, quickReplyMaxLength } = messagingLimits;

type QuickRepliesFormProps = { replies: QuickReplies };

/** The form: each reply's text, moved up or down, removed, added; saved together. */
function QuickRepliesForm({ replies }: QuickRepliesFormProps) {
  const { t } = useTranslation();
  const api = useCoachApi();
  const updateReplies = useSetAtom(quickRepliesAtom);
  const { form, register, fieldError } = useSubmitOnlyForm<QuickRepliesValues>({
    resolver: yupResolver(quickRepliesSchema),
    defaultValues: { items: replies.items },
  });
  const { fields, append, remove, swap } = useFieldArray({ control: form.control, name: 'items' });
  const isFull = fields.length >= quickRepliesMax;

  const handleSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await api.messaging.updateQuickReplies({ items: values.items });
      updateReplies(saved);
      form.reset({ items: saved.items });
      toast.success(t('settings.quickReplies.saved'));
    } catch (error) {
      toast.error(describeCallFailure(error, t, t('settings.quickReplies.saveFailed')));
    }
  });

  return (
    <chakra.form onSubmit={handleSubmit} noValidate aria-labelledby="settings-quick-replies-title">
      <Stack gap="5" maxWidth="40rem">
        <Heading as="h2" id="settings-quick-replies-title" fontSize="xl" fontWeight="semibold">
          {t('settings.quickReplies.title')}
        </Heading>
        <Text color="fg.muted">{t('settings.quickReplies.hint')}</Text>
        {fields.length === 0 ? (
          <Text color="fg.muted">{t('settings.quickReplies.empty')}</Text>
        ) : (
          <Stack as="ol" gap="4" listStyleType="none" margin="0" padding="0">
            {fields.map((field, index) => {
              const number = index + 1;
              return (
                <HStack as="li" key={field.id} align="flex-start" gap="2">
                  <Stack flex="1" minWidth="0">
                    <Textarea
                      {...register(`items.${index}.text`)}
                      label={t('settings.quickReplies.text', { number })}
                      rows={2}
                      maxLength={quickReplyMaxLength}
                      error={fieldError(`items.${index}.text`)}
                    />
                  </Stack>
                  <HStack gap="1" marginBlockStart="7">
                    <IconButton
                      variant="ghost"
                      size="sm"
                      aria-label={t('settings.quickReplies.moveUp', { number })}
                      disabled={index === 0}
                      onClick={() => swap(index, index - 1)}
                    >
                      <LuArrowUp />
                    </IconButton>
                    <IconButton
                      variant="ghost"
                      size="sm"
                      aria-label={t('settings.quickReplies.moveDown', { number })}
                      disabled={index === fields.length - 1}
                      onClick={() => swap(index, index + 1)}
                    >
                      <LuArrowDown />
                    </IconButton>
                    <IconButton
                      variant="ghost"
                      size="sm"
                      aria-label={t('settings.quickReplies.remove', { number })}
                      onClick={() => remove(index)}
                    >
                      <LuTrash2 />
                    </IconButton>
                  </HStack>
                </HStack>
              );
            })}
          </Stack>
        )}
        {isFull ? (
          <Text color="fg.muted" textStyle="sm">
            {t('settings.quickReplies.limit', { max: quickRepliesMax })}
          </Text>
        ) : null}
        <HStack gap="3">
          <Button
            variant="ghost"
            icon={<LuPlus aria-hidden />}
            disabled={isFull}
            onClick={() => append({ id: crypto.randomUUID(), text: '' })}
          >
            {t('settings.quickReplies.add')}
          </Button>
          <Button
            type="submit"
            variant="secondary"
            icon={<LuMessageSquareText aria-hidden />}
            isLoading={form.formState.isSubmitting}
          >
            {t('settings.quickReplies.save')}
          </Button>
        </HStack>
      </Stack>
    </chakra.form>
  );
}

/** The coach's quick replies in Settings: loaded apart from the profile, saved on their own. */
export function QuickRepliesSection() {
  const { t } = useTranslation();
  const replies = useAtomValue(quickRepliesLoadableAtom);
  const updateReplies = useSetAtom(quickRepliesAtom);
  return (
    <LoadedContent
      loadable={replies}
      failedMessage={t('settings.quickReplies.loadFailed')}
      onRetry={() => updateReplies('refresh')}
      size="sm"
    >
      {(data) => <QuickRepliesForm replies={data} />}
    </LoadedContent>
  );
}
