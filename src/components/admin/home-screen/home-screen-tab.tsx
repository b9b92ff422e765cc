import { Slider } from 'radix-ui'
import { useState } from 'react'
import { OVERLAY_MAX, OVERLAY_MIN, OVERLAY_STEP } from '../../../lib/admin/form-rules.ts'
import { HERO_BUTTON, HERO_HEADLINE, HERO_TEXT, heroImage, overlayOpacity } from '../../../lib/hero.ts'
import { AdminImage } from '../shared/admin-image.tsx'
import { ImageChooser } from '../shared/image-chooser.tsx'
import { isUnauthorized } from '../shared/session.ts'
import { notify } from '../shared/toast.ts'
import { useUnsavedChanges } from '../shared/unsaved.ts'
import { useHomeScreenSettings, useSaveHomeScreen, type HomeScreenSettings } from './use-site-settings.ts'
import { LoadError } from '../shared/load-error.tsx'

/** Home-screen tab: preview, background picker, overlay opacity 0-80 in steps of 5, save. */
export default function HomeScreenTab() {
  const settings = useHomeScreenSettings()
  if (settings.isPending) return <p className="text-gray-300">Loading home screen settings...</p>
  if (settings.isError)
    return <LoadError text="Error loading home screen settings." onRetry={() => settings.refetch()} />
  return <HomeScreenForm stored={settings.data} />
}

function HomeScreenForm({ stored }: { stored: HomeScreenSettings }) {
  const [form, setForm] = useState(stored)
  const save = useSaveHomeScreen()
  const dirty = form.heroImage !== stored.heroImage || form.overlay !== stored.overlay
  useUnsavedChanges(dirty)
  // Spec 001: save stays disabled until an image is chosen; clearing a saved image (back to the
  // default hero) counts as a choice.
  const canSave = dirty && !save.isPending && (form.heroImage !== '' || stored.heroImage !== '')
  const submit = () =>
    save.mutate(form, {
      onSuccess: () => notify.success('Settings Saved', 'The home screen has been updated.'),
      onError: (error) => {
        if (!isUnauthorized(error))
          notify.failed('Save Failed', 'Failed to save home screen settings. Please try again.', error)
      },
    })
  return (
    <div className="flex flex-col gap-6">
      <h2 className="section-title">Home Screen</h2>
      <section aria-labelledby="hero-preview-title" className="flex flex-col gap-2">
        <h3 id="hero-preview-title" className="text-lg font-bold text-white">
          Preview
        </h3>
        {/*
          The home page's hero at a smaller scale: the same picture rule, overlay rule, words and
          layout (src/components/public/hero.astro), so what is saved is what visitors see.
        */}
        <div
          className="relative flex aspect-[16/9] w-full max-w-3xl items-center overflow-hidden rounded-xl border border-line bg-ink"
          data-testid="hero-preview"
        >
          <AdminImage
            src={heroImage(form.heroImage)}
            alt="Home screen background preview"
            className="absolute inset-0 h-full w-full object-cover"
          />
          <div
            className="absolute inset-0 bg-black"
            style={{ opacity: overlayOpacity(String(form.overlay)) }}
            data-testid="hero-preview-overlay"
          />
          <div className="relative w-full px-6 py-8 sm:px-10">
            <p className="font-display text-3xl leading-none tracking-tight text-white sm:text-5xl">
              {HERO_HEADLINE.before} <span className="text-brand">{HERO_HEADLINE.accent}</span> {HERO_HEADLINE.after}
            </p>
            <p className="mt-3 max-w-md text-xs text-gray-100 sm:text-sm">{HERO_TEXT}</p>
            <span className="btn-primary mt-4 px-4 py-1.5 text-xs sm:text-sm" aria-hidden="true">
              {HERO_BUTTON}
            </span>
          </div>
        </div>
      </section>
      <ImageChooser
        label="Background image"
        value={form.heroImage}
        onChange={(heroImage) => setForm((f) => ({ ...f, heroImage }))}
      />
      <div className="flex max-w-md flex-col gap-2">
        <p id="overlay-label" className="text-sm font-semibold text-gray-200">
          Overlay opacity: {form.overlay}%
        </p>
        <Slider.Root
          className="relative flex h-6 w-full touch-none items-center"
          min={OVERLAY_MIN}
          max={OVERLAY_MAX}
          step={OVERLAY_STEP}
          value={[form.overlay]}
          onValueChange={([overlay]) => setForm((f) => ({ ...f, overlay: overlay ?? 0 }))}
        >
          <Slider.Track className="relative h-1.5 grow rounded-full bg-gray-600">
            <Slider.Range className="absolute h-full rounded-full bg-brand" />
          </Slider.Track>
          <Slider.Thumb
            aria-labelledby="overlay-label"
            className="block h-5 w-5 rounded-full border-2 border-white bg-brand"
          />
        </Slider.Root>
      </div>
      <div>
        <button type="button" className="btn-primary" disabled={!canSave} aria-busy={save.isPending} onClick={submit}>
          {save.isPending ? 'Saving...' : 'Save Home Screen'}
        </button>
      </div>
    </div>
  )
}
