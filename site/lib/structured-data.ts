/**
 * schema.org JSON-LD for pages, articles and authors (docs/requirements.md#seo). Addresses are the
 * canonical ones (no trailing slash), images the raster copies of site/lib/social-cards.ts: the
 * networks and search engines that read this do not all take SVG. French typography is applied to the
 * prose values as the templates write them (the `jsonLd` filter, core/common/typography.ts).
 */
import type { Content, LoadedPage, Post } from './content.ts';
import type { Author } from '../../core/blog/post.ts';
import type { FaqItem } from '../../core/pages/shared-content.ts';
import { rasterPath, socialImagePath } from './social-cards.ts';

interface Crumb {
  name: string;
  href: string;
}

export function structuredData(content: Content) {
  const { config } = content;
  const addresses = new Map<string, string>();
  const abs = (path: string) => {
    let address = addresses.get(path);
    if (address === undefined) addresses.set(path, (address = new URL(path, config.siteUrl).href));
    return address;
  };
  const organization = {
    '@type': 'Organization',
    '@id': abs('/#organization'),
    name: config.company.name,
    legalName: config.company.legalName,
    url: abs('/'),
    logo: abs(rasterPath('/images/logo.svg')),
    email: config.company.email,
    telephone: config.company.phone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: config.company.address.street,
      postalCode: config.company.address.postalCode,
      addressLocality: config.company.address.city,
      addressCountry: config.company.address.country,
    },
    vatID: config.company.identifiers.vat,
    identifier: { '@type': 'PropertyValue', propertyID: 'SIREN', value: config.company.identifiers.siren },
    sameAs: Object.values(config.company.social),
  };

  return {
    /** docs/requirements.md#blog-article: each breadcrumb item has name, address and position. */
    breadcrumb(crumbs: Crumb[]) {
      return {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: crumbs.map((crumb, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          name: crumb.name,
          item: abs(crumb.href),
        })),
      };
    },
    home() {
      return [
        { '@context': 'https://schema.org', ...organization },
        {
          '@context': 'https://schema.org',
          '@type': 'WebSite',
          name: config.product.name,
          url: abs('/'),
          inLanguage: 'fr-FR',
          publisher: { '@id': organization['@id'] },
        },
        {
          '@context': 'https://schema.org',
          '@type': 'SoftwareApplication',
          name: config.product.name,
          applicationCategory: 'BusinessApplication',
          operatingSystem: 'Web',
          description: config.product.tagline,
          offers: {
            '@type': 'Offer',
            price: '0',
            priceCurrency: 'EUR',
            description: 'Compte gratuit, sans carte bancaire ni engagement',
          },
          publisher: { '@id': organization['@id'] },
        },
      ];
    },
    faqPage(list: (FaqItem | { question: string; answer: string } | undefined)[]) {
      // Eleventy first calls computed data with placeholder values to find dependencies: skip holes.
      const items = list.filter((item): item is FaqItem => Boolean(item?.question));
      return {
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: items.map((item) => ({
          '@type': 'Question',
          name: item.question,
          acceptedAnswer: { '@type': 'Answer', text: item.answer },
        })),
      };
    },
    article(post: Post) {
      return {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: post.title,
        description: post.summary,
        image: abs(socialImagePath(`/blog/${post.slug}`)),
        datePublished: post.publishDate,
        dateModified: post.modified,
        inLanguage: 'fr-FR',
        author: {
          '@type': post.authorSlug.startsWith('dr-') ? 'Person' : 'Organization',
          name: post.authorName,
          url: abs(`/auteur/${post.authorSlug}`),
        },
        publisher: { '@id': organization['@id'], '@type': 'Organization', name: config.company.name },
        mainEntityOfPage: abs(`/blog/${post.slug}`),
        keywords: post.tags.join(', '),
        articleSection: post.category,
        wordCount: post.words,
      };
    },
    page(page: LoadedPage) {
      return {
        '@context': 'https://schema.org',
        '@type': 'WebPage',
        name: page.title,
        description: page.description,
        url: abs(page.path),
        inLanguage: 'fr-FR',
        dateModified: page.modified,
        primaryImageOfPage: abs(socialImagePath(page.path)),
      };
    },
    profile(author: Author) {
      return {
        '@context': 'https://schema.org',
        '@type': 'ProfilePage',
        url: abs(`/auteur/${author.slug}`),
        mainEntity: {
          '@type': author.slug.startsWith('dr-') ? 'Person' : 'Organization',
          name: author.name,
          description: author.bio,
          image: abs(rasterPath(author.avatar)),
        },
      };
    },
  };
}
