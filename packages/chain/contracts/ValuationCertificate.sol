// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";

/// @title PropGuard valuation certificate
/// @notice One token per issued valuation report. A token records the SHA-256 content hash of the
/// report, the CID of its metadata (dag-json, CIDv1), who issued it and when. A report hash can be
/// certified once. A later certificate for the same property may supersede an earlier one; the two
/// are linked both ways.
contract ValuationCertificate is ERC721, AccessControl {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");

    struct Certificate {
        bytes32 reportHash;
        bytes32 propertyKey;
        string cid;
        address issuer;
        uint64 issuedAt;
        uint256 supersedes;
        uint256 supersededBy;
    }

    uint256 private _lastTokenId;
    mapping(uint256 tokenId => Certificate) private _certificates;
    mapping(bytes32 reportHash => uint256 tokenId) private _tokenOfReport;

    event CertificateIssued(uint256 indexed tokenId, bytes32 indexed reportHash, bytes32 indexed propertyKey, string cid, address issuer, uint64 issuedAt);
    event CertificateSuperseded(uint256 indexed previousTokenId, uint256 indexed newTokenId);

    error EmptyReportHash();
    error EmptyPropertyKey();
    error EmptyCid();
    error ReportAlreadyCertified(bytes32 reportHash, uint256 tokenId);
    error AlreadySuperseded(uint256 tokenId, uint256 supersededBy);
    error DifferentProperty(uint256 previousTokenId);

    constructor(address admin, address minter) ERC721("PropGuard Valuation Certificate", "PGVC") {
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(MINTER_ROLE, minter);
    }

    /// @notice Issues a certificate for a report. `supersedes` is the token of an earlier
    /// certificate for the same property that this one replaces, or 0.
    function mint(address to, bytes32 reportHash, bytes32 propertyKey, string calldata cid, uint256 supersedes)
        external
        onlyRole(MINTER_ROLE)
        returns (uint256 tokenId)
    {
        if (reportHash == bytes32(0)) revert EmptyReportHash();
        if (propertyKey == bytes32(0)) revert EmptyPropertyKey();
        if (bytes(cid).length == 0) revert EmptyCid();
        uint256 existing = _tokenOfReport[reportHash];
        if (existing != 0) revert ReportAlreadyCertified(reportHash, existing);
        if (supersedes != 0) {
            _requireOwned(supersedes);
            Certificate storage previous = _certificates[supersedes];
            if (previous.supersededBy != 0) revert AlreadySuperseded(supersedes, previous.supersededBy);
            if (previous.propertyKey != propertyKey) revert DifferentProperty(supersedes);
        }

        tokenId = ++_lastTokenId;
        uint64 issuedAt = uint64(block.timestamp);
        _certificates[tokenId] = Certificate(reportHash, propertyKey, cid, msg.sender, issuedAt, supersedes, 0);
        _tokenOfReport[reportHash] = tokenId;
        _safeMint(to, tokenId);
        emit CertificateIssued(tokenId, reportHash, propertyKey, cid, msg.sender, issuedAt);
        if (supersedes != 0) {
            _certificates[supersedes].supersededBy = tokenId;
            emit CertificateSuperseded(supersedes, tokenId);
        }
    }

    /// @notice The certificate of a token; reverts for a token that does not exist.
    function certificate(uint256 tokenId) external view returns (Certificate memory) {
        _requireOwned(tokenId);
        return _certificates[tokenId];
    }

    /// @notice The token certifying a report hash, or 0 when none does.
    function tokenOfReport(bytes32 reportHash) external view returns (uint256) {
        return _tokenOfReport[reportHash];
    }

    /// @notice The number of certificates issued (token ids run from 1 to this number).
    function totalSupply() external view returns (uint256) {
        return _lastTokenId;
    }

    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        _requireOwned(tokenId);
        return string.concat("ipfs://", _certificates[tokenId].cid);
    }

    function supportsInterface(bytes4 interfaceId) public view override(ERC721, AccessControl) returns (bool) {
        return super.supportsInterface(interfaceId);
    }
}
